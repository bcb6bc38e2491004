import { getLocale, getTranslations } from 'next-intl/server';
import { WordedButtonForm } from '@/components/account/worded-button-form';
import { Amount } from '@/components/payments/amount';
import type { PaymentService } from '@/lib/bank/payments';
import { getDb } from '@/lib/db';
import { listTemplates } from '@/lib/db/queries/bulk-templates';
import { accountAsKnown, withShownNumbers } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { localeOrDefault } from '@/lib/i18n/routing';
import { deleteTemplateAction } from '@/lib/payments/actions/bulk-templates';
import { formPathOf } from '@/lib/payments/saved/pay-again';

const kindKey = { payments: 'single', 'periodic-payments': 'standing', 'bulk-payments': 'bulk' } as const;

type Template = Awaited<ReturnType<typeof listTemplates>>[number];

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** What a template pays, as its list says it: the recipient and amount, or how many payments a bulk holds. */
function summaryOf(template: Template) {
  const body = template.body;
  if (template.service === 'bulk-payments') {
    return { count: Array.isArray(body.payments) ? body.payments.length : 0 };
  }
  const account = record(body.creditorAccount);
  const amount = record(body.instructedAmount);
  const raw = String(account.iban ?? account.maskedPan ?? account.bban ?? '');
  return {
    recipient:
      template.details?.creditorName ??
      (typeof body.creditorName === 'string' ? body.creditorName : undefined) ??
      accountAsKnown(raw),
    amount: typeof amount.amount === 'string' ? amount.amount : undefined,
    currency: typeof amount.currency === 'string' ? amount.currency : 'ISK',
  };
}

/**
 * The PSU's templates, by name in Icelandic order: each pays in one click (its form opens filled in)
 * and can be deleted. With `service`, only that form's templates, above the form.
 */
export async function PaymentTemplates({ psuId, service }: { psuId: string; service?: PaymentService }) {
  const [t, locale, templates] = await Promise.all([
    getTranslations('paymentTemplates'),
    getLocale().then(localeOrDefault),
    listTemplates(await getDb(), psuId, service),
  ]);
  if (service && templates.length === 0) return null;
  const collator = new Intl.Collator(locale);
  const sorted = [...templates].sort((a, b) => collator.compare(a.name, b.name));
  return (
    <section aria-labelledby={`templates-${service ?? 'all'}`} className="space-y-3">
      <h2 id={`templates-${service ?? 'all'}`} className={service ? 'text-lg font-medium' : 'sr-only'}>
        {service ? t('startFrom') : t('listLabel')}
      </h2>
      {sorted.length === 0 ? (
        <p className="text-slate-600">{t('empty')}</p>
      ) : (
        <ul className="space-y-3">
          {sorted.map((template) => {
            const summary = summaryOf(template);
            return (
              <li
                key={template.id}
                data-testid="payment-template"
                data-service={template.service}
                className="flex flex-wrap items-center justify-between gap-3 rounded border border-slate-200 bg-white p-3"
              >
                <div className="min-w-0">
                  <p className="font-semibold">{template.name}</p>
                  <p className="text-sm text-slate-700">
                    {t(`kind.${kindKey[template.service]}`)}
                    {'count' in summary
                      ? ` · ${t('count', withShownNumbers({ count: summary.count ?? 0 }, locale))}`
                      : null}
                    {'recipient' in summary && summary.recipient ? ` · ${summary.recipient}` : null}
                    {'amount' in summary && summary.amount ? (
                      <>
                        {' · '}
                        <Amount amount={summary.amount} currency={summary.currency ?? 'ISK'} />
                      </>
                    ) : null}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <Link
                    href={{ pathname: formPathOf[template.service], query: { template: template.id } }}
                    aria-label={t('payLabel', { name: template.name })}
                    className="rounded bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
                  >
                    {t('pay')}
                  </Link>
                  <WordedButtonForm
                    action={deleteTemplateAction}
                    label={t('delete', { name: template.name })}
                    fields={{ id: template.id }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
