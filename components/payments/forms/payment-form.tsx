'use client';

import { useTranslations } from 'next-intl';
import { type ComponentProps, type ReactNode, type RefObject, useRef, useState } from 'react';
import {
  type FieldValues,
  FormProvider,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
  useForm,
  useFormState,
} from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/components/ui/use-hydrated';
import type { WordedResult } from '@/lib/actions/result';
import { preloadOnInteraction } from '@/lib/forms/deferred-import';
import type { SchemaLoader } from '@/lib/forms/deferred-schema';
import { ScaLanguageField } from './choice-fields';
import { ErrorSummary, focusFirstInvalid, revealFailure, useInvalidFields } from './error-summary';
import { useFormLocale } from './messages';
import { formResolver } from './resolver';
import { useRegistered } from './use-registered';

export interface PaymentFormState<Values> {
  methods: UseFormReturn<FieldValues, unknown, Values>;
  formRef: RefObject<HTMLFormElement | null>;
  /** A message about the whole submission: the bank's answer, or an unexpected failure. */
  failure: string | null;
  /** Moves focus to the first invalid field once it is rendered. */
  requestFocus: () => void;
  /** Starts loading the schema (and `preload`'s), when the user first reaches the form. */
  interaction: ReturnType<typeof preloadOnInteraction>;
  /**
   * react-hook-form's `handleSubmit`, with focus on the first invalid field by default, and a
   * message instead of an exception when the schema could not be loaded.
   */
  handleSubmit: (
    onValid: SubmitHandler<Values>,
    onInvalid?: SubmitErrorHandler<FieldValues>,
  ) => (event: React.FormEvent<HTMLFormElement>) => Promise<void>;
  /**
   * Calls the server action with `input` and the page's locale: on success the browser goes where it says;
   * otherwise its field errors go beside their fields (the form keeps what the user typed), and its message,
   * in the words of the page's locale, above them.
   */
  submit: (
    action: (input: unknown) => Promise<WordedResult<{ redirectTo: string }>>,
    input: object,
  ) => Promise<void>;
}

/**
 * What every payment form shares: react-hook-form over the submission schema (which checks every
 * bound of the bank's interface before anything is sent; it loads after the page, see
 * `deferSchema`), the id that makes resubmissions of one form one payment, the SCA language (the
 * page's by default), and the server action's answer.
 * `showServerFieldError` may show a field error of the server elsewhere (the bulk form's table)
 * and return true; the others go beside their fields.
 */
export function usePaymentForm<Values>({
  schema,
  submissionId,
  payment,
  showServerFieldError,
  preload,
  extra,
}: {
  schema: SchemaLoader<Values>;
  submissionId: string;
  /** The payment's starting values, as the inputs hold them. */
  payment: FieldValues;
  /** Starting values of the form's fields beside the payment (a standing order's names). */
  extra?: FieldValues;
  showServerFieldError?: (path: string, message: string) => boolean;
  /** More the form loads after the page, with its schema. */
  preload?: () => Promise<unknown>;
}): PaymentFormState<Values> {
  const t = useTranslations('forms.common');
  const locale = useFormLocale();
  const methods = useForm<FieldValues, unknown, Values>({
    resolver: formResolver<FieldValues, Values>(schema),
    shouldFocusError: false,
    defaultValues: { ...extra, submissionId, scaLanguage: locale, payment },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const requestFocus = () => focusFirstInvalid(formRef.current);
  const interaction = preloadOnInteraction(() => Promise.all([schema(), preload?.()]));

  const schemaFailed = useRef(false);
  const handleSubmit: PaymentFormState<Values>['handleSubmit'] =
    (onValid, onInvalid = requestFocus) =>
    async (event) => {
      if (schemaFailed.current) {
        schemaFailed.current = false;
        setFailure(null);
      }
      try {
        await methods.handleSubmit(onValid, onInvalid)(event);
      } catch {
        // The schema did not load (no network): nothing was sent.
        schemaFailed.current = true;
        setFailure(t('unexpected'));
        revealFailure(formRef.current);
      }
    };

  async function submit(
    action: (input: unknown) => Promise<WordedResult<{ redirectTo: string }>>,
    input: object,
  ) {
    setFailure(null);
    let result: WordedResult<{ redirectTo: string }>;
    try {
      result = await action({ ...input, locale });
    } catch {
      setFailure(t('unexpected'));
      revealFailure(formRef.current);
      return;
    }
    if (result.ok) {
      window.location.assign(result.data.redirectTo);
      return;
    }
    for (const [path, [message = ''] = []] of Object.entries(result.fieldErrors ?? {})) {
      if (!showServerFieldError?.(path, message)) methods.setError(path, { message });
    }
    if (result.text) setFailure(result.text);
    // A refusal that names fields takes the PSU to the first; one about the whole payment, to its words.
    if (Object.keys(result.fieldErrors ?? {}).length > 0 || !result.text) requestFocus();
    else revealFailure(formRef.current);
  }

  return { methods, formRef, failure, requestFocus, interaction, handleSubmit, submit };
}

/** The form's submission id (lib/payments/submission-attempts.ts): a hidden field, registered once. */
function SubmissionIdField() {
  const field = useRegistered('submissionId');
  return <input type="hidden" {...field} />;
}

/**
 * The frame of a payment form: the error summary on top (shown after a first attempt), the
 * submission id, the form's own fields, the SCA language and the submit button.
 */
export function PaymentForm<Values>({
  form,
  onSubmit,
  summaryExtra,
  busy = false,
  className = 'space-y-5',
  submitLabel,
  beforeSubmit,
  children,
}: {
  /** The submit button's words where sending does more than go to the bank (a change: cancel, then send). */
  submitLabel?: string;
  /** What the PSU reads just before the button: what sending will do. */
  beforeSubmit?: ReactNode;
  form: PaymentFormState<Values>;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void | Promise<void>;
  /** More entries for the error summary, e.g. a pointer to the first bad row of a table. */
  summaryExtra?: ReactNode;
  /** True while something else keeps the form from being sent (a file being read). */
  busy?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { methods, formRef, failure, interaction } = form;
  // The form's state (sent or not, being sent) is read by the parts it changes, the summary and the
  // button, so that a press of the button does not draw every field again.
  return (
    <FormProvider {...methods}>
      <form ref={formRef} onSubmit={onSubmit} noValidate className={className} {...interaction}>
        <SummaryOnceSent formRef={formRef} failure={failure} extra={summaryExtra} />
        <SubmissionIdField />
        {children}
        <ScaLanguageField />
        {beforeSubmit}
        <SendButton busy={busy} label={submitLabel} />
      </form>
    </FormProvider>
  );
}

/**
 * The error summary, shown from the first attempt to send the form. It follows the invalid fields itself, so
 * that a change in them draws the summary again, not the whole form.
 */
function SummaryOnceSent({
  formRef,
  ...props
}: Omit<ComponentProps<typeof ErrorSummary>, 'visible' | 'items'> & {
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const { submitCount } = useFormState();
  const items = useInvalidFields(formRef);
  return <ErrorSummary visible={submitCount > 0} items={items} {...props} />;
}

function SendButton({ busy, label }: { busy: boolean; label?: string }) {
  const t = useTranslations('forms.common');
  const { isSubmitting } = useFormState();
  const hydrated = useHydrated();
  return (
    /* Not before the page's scripts have run: the browser would send the form itself, by GET, with the
       message and the recipient's name in the address, and what the PSU typed would be gone. */
    <Button type="submit" disabled={!hydrated || isSubmitting || busy} aria-busy={isSubmitting}>
      {isSubmitting ? t('submitting') : (label ?? t('submit'))}
    </Button>
  );
}
