'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, type ReactNode, useState, useTransition } from 'react';
import { useFrameLocale } from '@/components/layout/frame-context';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useHydrated } from '@/components/ui/use-hydrated';
import { continueScaAction } from '@/lib/payments/actions/continue-sca';
import type { ScaStep } from '@/lib/payments/sca';
import { methodLabel, type ScaTexts } from './sca-texts';

/**
 * The SCA step the bank asks of the PSU when it happens on our page: choosing a method, entering a
 * one-time code (with the bank's challenge, drawn by the page), a password, a straight-through confirmation,
 * waiting for the bank's app, or the next signer of a multilevel payment. Its texts come from the page
 * (`scaTextsOf`), and a refusal in words from the action, in the page's locale; once the bank has answered,
 * the page is drawn again with the payment as it now is.
 */
export function ScaPanel({
  paymentId,
  step,
  texts,
  otpChallenge,
}: {
  paymentId: string;
  /** A step taken on this page: not none, nor the bank's own page (a link to it), nor one this app cannot take. */
  step: Exclude<ScaStep, { kind: 'none' | 'redirect' | 'cannot-take' }>;
  texts: ScaTexts;
  /** The bank's challenge for a one-time code, where the step is one (components/payments/otp-challenge.tsx). */
  otpChallenge?: ReactNode;
}) {
  const locale = useFrameLocale();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  // Until then the browser would send a step's form itself, by GET, with the code or password in the address.
  const hydrated = useHydrated();
  const held = pending || !hydrated;

  const run = (input: Record<string, string>) =>
    startTransition(async () => {
      setError(null);
      const result = await continueScaAction({ paymentId, step: input, locale });
      if (result.ok && result.data.redirectTo) {
        window.location.assign(result.data.redirectTo);
        return;
      }
      if (!result.ok) setError(result.text ?? texts.unexpected);
      router.refresh();
    });
  const submit = (event: FormEvent<HTMLFormElement>, kind: string, field?: string) => {
    event.preventDefault();
    // The forms skip the browser's own checks, whose bubbles speak the browser's language: ours say it.
    const input = field ? event.currentTarget.elements.namedItem(field) : null;
    if (input instanceof HTMLInputElement && !input.validity.valid) {
      setError(
        field === 'otp' && !input.validity.valueMissing
          ? texts.otpFormat
          : texts[field === 'otp' ? 'otpMissing' : 'passwordMissing'],
      );
      input.focus();
      return;
    }
    const form = new FormData(event.currentTarget);
    run(field ? { kind, [field]: String(form.get(field) ?? '') } : { kind });
  };

  return (
    <section
      aria-labelledby="sca-heading"
      className="rounded border border-brand-700 bg-white p-4"
      data-sca-step={step.kind}
    >
      <h2 id="sca-heading" className="mb-3 text-lg font-semibold">
        {step.kind === 'holder-confirms' ? texts.holderTitle : texts.title}
      </h2>
      {error && (
        <p role="alert" className="mb-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      {step.kind === 'oauth' && (
        <Button type="button" onClick={() => run({ kind: 'oauth' })} disabled={held}>
          {texts.oauth}
        </Button>
      )}
      {step.kind === 'choose-method' && (
        <form onSubmit={(event) => submit(event, 'method', 'methodId')} className="space-y-3">
          <fieldset>
            <legend className="mb-2 font-medium">{texts.chooseMethod}</legend>
            {step.methods.map((method, index) => (
              <label key={method.authenticationMethodId} className="flex items-center gap-2 py-1">
                <input
                  type="radio"
                  name="methodId"
                  value={method.authenticationMethodId}
                  defaultChecked={index === 0}
                />
                <span>{methodLabel(method, texts)}</span>
                {method.explanation && <span className="text-sm text-slate-600">{method.explanation}</span>}
              </label>
            ))}
          </fieldset>
          <Button type="submit" disabled={held}>
            {pending ? texts.working : texts.chooseMethodSubmit}
          </Button>
        </form>
      )}
      {step.kind === 'otp' && (
        <form onSubmit={(event) => submit(event, 'otp', 'otp')} className="space-y-3" noValidate>
          {otpChallenge}
          <Button type="submit" disabled={held}>
            {pending ? texts.working : texts.otpSubmit}
          </Button>
        </form>
      )}
      {step.kind === 'password' && (
        <form onSubmit={(event) => submit(event, 'password', 'password')} className="space-y-3" noValidate>
          <TextField
            label={texts.passwordLabel}
            name="password"
            type="password"
            autoComplete="off"
            required
          />
          <Button type="submit" disabled={held}>
            {pending ? texts.working : texts.passwordSubmit}
          </Button>
        </form>
      )}
      {step.kind === 'confirm' && (
        <div className="space-y-3">
          <p>{texts.confirmText}</p>
          <Button type="button" onClick={() => run({ kind: 'confirm' })} disabled={held}>
            {pending ? texts.working : texts.confirmSubmit}
          </Button>
        </div>
      )}
      {step.kind === 'holder-confirms' && <p role="status">{texts.holderConfirms}</p>}
      {step.kind === 'decoupled' && (
        <p role="status" aria-live="polite">
          {texts.decoupled}
        </p>
      )}
      {step.kind === 'another-signer' && (
        <div className="space-y-3">
          <p>{texts.anotherSigner}</p>
          <Button type="button" onClick={() => run({ kind: 'start' })} disabled={held}>
            {pending ? texts.working : texts.anotherSignerSubmit}
          </Button>
        </div>
      )}
    </section>
  );
}
