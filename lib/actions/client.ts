import { headers } from 'next/headers';
import { isOperatorPsu } from '@/lib/auth/operator';
import { currentSession } from '@/lib/auth/session';
import { clientAddress } from '@/lib/security/client-address';
import { unreadableTextPaths } from '@/lib/security/plain-text';
import { hitLimit, type Limit, limits, minutesToWait } from '@/lib/security/rate-limit';
import { runInRequest } from '@/lib/security/request-context';
import { formValues } from './form-values';
import { formInWords, inWords } from './in-words';
import {
  type ActionFailure,
  type ActionResult,
  type FormInWords,
  failure,
  type WordedResult,
} from './result';

/**
 * Server actions in one shape, after dub's `authActionClient.schema(s).action(fn)`: the client
 * checks the session and role, counts the call against its limits, refuses unreadable text and
 * parses the input, once and in that order, before `fn` sees anything.
 *
 *   export const cancelPaymentAction = psuAction
 *     .throttle(({ psuId }) => ({ limit: limits().paymentActionsPerPsu, subject: psuId }))
 *     .schema(cancelSchema)
 *     .action(({ input, ctx }) => cancel(ctx.psuId, input.paymentId));
 */

/** Who calls: the client address always, and the signed-in PSU where the action needs one. */
export interface PublicContext {
  address: string;
}
export interface PsuContext extends PublicContext {
  psuId: string;
  /** This browser's server-side session (lib/auth/sessions.ts). */
  sessionId: string;
}

export interface Throttle {
  limit: Limit;
  subject: string;
  /** The message key when over the limit; it gets `{ minutes }`. */
  message?: string;
}

/** zod and zod/mini schemas alike. */
export interface Parser<Output> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: Output }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export interface SchemaOptions {
  /** The form-wide message key when the input does not parse. */
  invalidMessage?: string;
  /** Form fields whose typed value comes back with a failure (never a password). */
  keep?: readonly string[];
}

type Resolve<Ctx> = (base: PublicContext) => Promise<Ctx | ActionFailure>;

function isFailure(value: unknown): value is ActionFailure {
  return typeof value === 'object' && value !== null && (value as ActionFailure).ok === false;
}

function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    fieldErrors[path] = [...(fieldErrors[path] ?? []), issue.message];
  }
  return fieldErrors;
}

class ActionBuilder<Ctx extends PublicContext, Input> {
  constructor(
    private readonly resolve: Resolve<Ctx>,
    private readonly throttles: ((ctx: Ctx) => Throttle)[],
    private readonly parser: Parser<Input>,
    private readonly options: SchemaOptions,
  ) {}

  private async run<Data>(
    raw: unknown,
    fn: (args: { input: Input; ctx: Ctx }) => Promise<ActionResult<Data>>,
  ): Promise<ActionResult<Data>> {
    const requestHeaders = await headers();
    return runInRequest(requestHeaders, async () => {
      const ctx = await this.resolve({ address: clientAddress(requestHeaders) });
      if (isFailure(ctx)) return ctx;
      for (const rule of this.throttles) {
        const { limit, subject, message = 'security.actionThrottled' } = rule(ctx);
        const verdict = await hitLimit(limit, subject);
        if (!verdict.allowed) {
          return failure(message, { messageValues: { minutes: minutesToWait(verdict.retryAfterSeconds) } });
        }
      }
      const input = raw instanceof FormData ? formValues(raw) : raw;
      const unreadable = unreadableTextPaths(input);
      if (unreadable.length > 0) {
        return failure(this.options.invalidMessage, {
          fieldErrors: Object.fromEntries(unreadable.map((path) => [path, ['security.unreadableText']])),
        });
      }
      const parsed = this.parser.safeParse(input);
      if (!parsed.success) {
        return failure(this.options.invalidMessage, { fieldErrors: fieldErrorsOf(parsed.error.issues) });
      }
      return fn({ input: parsed.data, ctx });
    });
  }

  /** An action called with one value (an object, or a form's FormData). */
  action<Data>(
    fn: (args: { input: Input; ctx: Ctx }) => Promise<ActionResult<Data>>,
  ): (input: unknown) => Promise<ActionResult<Data>> {
    return (input) => this.run(input, fn);
  }

  /** An action called with one value, answering with its message in words too (`WordedResult`). */
  wordedAction<Data>(
    fn: (args: { input: Input; ctx: Ctx }) => Promise<ActionResult<Data>>,
  ): (input: unknown) => Promise<WordedResult<Data>> {
    return async (input) => {
      const result = await this.run(input, fn);
      const words = await inWords(result, input);
      return words ? { ...result, text: words.text } : result;
    };
  }

  /**
   * An action for `useActionState`: called with the previous answer and the form. A failure carries
   * back the fields named in `keep`, so that a form sent before the page hydrated keeps them.
   */
  formAction<Data>(
    fn: (args: { input: Input; ctx: Ctx }) => Promise<ActionResult<Data>>,
  ): (previous: unknown, form: unknown) => Promise<ActionResult<Data>> {
    return async (_previous, form) => {
      const result = await this.run(form instanceof FormData ? form : undefined, fn);
      if (result.ok || !this.options.keep || !(form instanceof FormData)) return result;
      const typed = formValues(form);
      const values = Object.fromEntries(
        this.options.keep.flatMap((name) =>
          name in typed ? [[name, (typed[name] ?? '').slice(0, 300)]] : [],
        ),
      );
      return { ...result, values: { ...values, ...result.values } };
    };
  }

  /**
   * A form action that answers in words, in the form's `locale` (lib/actions/in-words.ts): its message,
   * each field's errors and what was kept, for a form that is to carry no translations into its page's
   * scripts (sign-in, sign-up, a rename, the forms of one button of components/account/worded-button-form.tsx).
   */
  wordedFormAction<Data>(
    fn: (args: { input: Input; ctx: Ctx }) => Promise<ActionResult<Data>>,
  ): (previous: unknown, form: unknown) => Promise<FormInWords<Data>> {
    const action = this.formAction(fn);
    return async (previous, form) => formInWords(await action(previous, form), form);
  }
}

export class ActionClient<Ctx extends PublicContext> {
  constructor(
    private readonly resolve: Resolve<Ctx>,
    private readonly throttles: ((ctx: Ctx) => Throttle)[] = [],
  ) {}

  /** Counts every call against a limit before the input is read; past it, the action answers at once. */
  throttle(rule: (ctx: Ctx) => Throttle): ActionClient<Ctx> {
    return new ActionClient(this.resolve, [...this.throttles, rule]);
  }

  schema<Input>(parser: Parser<Input>, options: SchemaOptions = {}): ActionBuilder<Ctx, Input> {
    return new ActionBuilder(this.resolve, this.throttles, parser, options);
  }

  /** A client whose context is this one's and more; a failure from `extend` answers the call. */
  use<Next extends Ctx>(extend: (ctx: Ctx) => Promise<Next | ActionFailure>): ActionClient<Next> {
    return new ActionClient<Next>(async (base) => {
      const ctx = await this.resolve(base);
      return isFailure(ctx) ? ctx : extend(ctx);
    });
  }
}

/** For actions anyone may call: sign-in, sign-up. */
export const publicAction = new ActionClient<PublicContext>(async (base) => base);

/** For actions on a PSU's own data: a signed-in session first. */
export const psuAction = publicAction.use<PsuContext>(async (ctx) => {
  const session = await currentSession();
  return session ? { ...ctx, ...session } : failure('auth.signedOut');
});

/** For payment actions (initiate, cancel, the SCA steps): a PSU, and a limit on calls per minute. */
export const paymentAction = psuAction.throttle(({ psuId }) => ({
  limit: limits().paymentActionsPerPsu,
  subject: psuId,
}));

/** For the events page's actions: a PSU who holds the operator role. */
export const operatorAction = psuAction.use(async (ctx) =>
  (await isOperatorPsu(ctx.psuId)) ? ctx : failure('events.failure.notOperator'),
);
