'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useState, useTransition } from 'react';
import { OtpChallenge } from '@/components/payments/otp-challenge';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { continueScaAction } from '@/lib/payments/actions/continue-sca';
import type { ScaStep } from '@/lib/payments/sca';

/**
 * The SCA step the bank asks of the PSU when it happens on our page: choosing a method, entering a
 * one-time code (with the bank's challenge), a password, a straight-through confirmation, waiting for
 * the bank's app, or the next signer of a multilevel payment.
 */
export function ScaPanel({
  paymentId,
  step,
  onAnswered,
}: {
  paymentId: string;
  step: ScaStep;
  /** The bank answered a step taken here: the payment is read again. */
  onAnswered: () => void;
}) {
  const t = useTranslations('sca');
  const tAll = useTranslations();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const run = (input: Record<string, string>) =>
    startTransition(async () => {
      setError(null);
      const result = await continueScaAction({ paymentId, step: input });
      if (result.ok && result.data.redirectTo) {
        window.location.assign(result.data.redirectTo);
        return;
      }
      if (!result.ok)
        setError(result.message && tAll.has(result.message) ? tAll(result.message) : tAll('bank.unexpected'));
      onAnswered();
    });
  const submit = (event: FormEvent<HTMLFormElement>, kind: string, field?: string) => {
    event.preventDefault();
    // The forms skip the browser's own checks, whose bubbles speak the browser's language: ours say it.
    const input = field ? event.currentTarget.elements.namedItem(field) : null;
    if (input instanceof HTMLInputElement && !input.validity.valid) {
      setError(t(input.validity.valueMissing ? `${field}Missing` : `${field}Format`));
      input.focus();
      return;
    }
    const form = new FormData(event.currentTarget);
    run(field ? { kind, [field]: String(form.get(field) ?? '') } : { kind });
  };

  if (step.kind === 'none' || step.kind === 'redirect') return null;
  return (
    <section
      aria-labelledby="sca-heading"
      className="rounded border border-brand-700 bg-white p-4"
      data-sca-step={step.kind}
    >
      <h2 id="sca-heading" className="mb-3 text-lg font-semibold">
        {t(step.kind === 'holder-confirms' ? 'holderTitle' : 'title')}
      </h2>
      {error && (
        <p role="alert" className="mb-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      {step.kind === 'oauth' && (
        <Button type="button" onClick={() => run({ kind: 'oauth' })} disabled={pending}>
          {t('oauth')}
        </Button>
      )}
      {step.kind === 'choose-method' && (
        <form onSubmit={(event) => submit(event, 'method', 'methodId')} className="space-y-3">
          <fieldset>
            <legend className="mb-2 font-medium">{t('chooseMethod')}</legend>
            {step.methods.map((method, index) => (
              <label key={method.authenticationMethodId} className="flex items-center gap-2 py-1">
                <input
                  type="radio"
                  name="methodId"
                  value={method.authenticationMethodId}
                  defaultChecked={index === 0}
                />
                <span>{method.name ?? method.authenticationType}</span>
                {method.explanation && <span className="text-sm text-slate-600">{method.explanation}</span>}
              </label>
            ))}
          </fieldset>
          <Button type="submit" disabled={pending}>
            {pending ? t('working') : t('chooseMethodSubmit')}
          </Button>
        </form>
      )}
      {step.kind === 'otp' && (
        <form onSubmit={(event) => submit(event, 'otp', 'otp')} className="space-y-3" noValidate>
          <OtpChallenge challenge={step.challenge} />
          <Button type="submit" disabled={pending}>
            {pending ? t('working') : t('otpSubmit')}
          </Button>
        </form>
      )}
      {step.kind === 'password' && (
        <form onSubmit={(event) => submit(event, 'password', 'password')} className="space-y-3" noValidate>
          <TextField label={t('passwordLabel')} name="password" type="password" autoComplete="off" required />
          <Button type="submit" disabled={pending}>
            {pending ? t('working') : t('passwordSubmit')}
          </Button>
        </form>
      )}
      {step.kind === 'confirm' && (
        <div className="space-y-3">
          <p>{t('confirmText')}</p>
          <Button type="button" onClick={() => run({ kind: 'confirm' })} disabled={pending}>
            {pending ? t('working') : t('confirmSubmit')}
          </Button>
        </div>
      )}
      {step.kind === 'holder-confirms' && <p role="status">{t('holderConfirms')}</p>}
      {step.kind === 'decoupled' && (
        <p role="status" aria-live="polite">
          {t('decoupled')}
        </p>
      )}
      {step.kind === 'cannot-take' && (
        <p role="status" data-unusable-links={step.links.join(' ')}>
          {t('cannotTake')}
        </p>
      )}
      {step.kind === 'another-signer' && (
        <div className="space-y-3">
          <p>{t('anotherSigner')}</p>
          <Button type="button" onClick={() => run({ kind: 'start' })} disabled={pending}>
            {pending ? t('working') : t('anotherSignerSubmit')}
          </Button>
        </div>
      )}
    </section>
  );
}
