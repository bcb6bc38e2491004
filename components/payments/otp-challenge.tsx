import { useTranslations } from 'next-intl';
import { TextField } from '@/components/ui/text-field';
import { usePageLocale } from '@/components/ui/use-page-locale';
import type { ChallengeData, ScaAnswer } from '@/lib/bank/sca-answer';
import { withShownNumbers } from '@/lib/format/number';

/**
 * The bank's challenge for a one-time code (spec 2.5 ChallengeData), and the field for the code:
 * the text the TPP "must show to the PSU" (`additionalInformation`), the image (its own base64 PNG, or
 * the one behind `imageLink`, read by lib/bank/challenge-image.ts), the data to enter in a code device,
 * and the field bounded by `otpMaxLength` and `otpFormat`; first, the method the bank chose for the code, where
 * it names it (IOBWS 3.2 `chosenScaMethod`), in its own words.
 */
export function OtpChallenge({
  challenge,
  method,
}: {
  challenge: ChallengeData;
  method?: ScaAnswer['chosenScaMethod'];
}) {
  const t = useTranslations('sca');
  const locale = usePageLocale();
  const digits = challenge.otpFormat === 'integer';
  return (
    <>
      {method?.name && <p data-challenge="method">{t('otpMethod', { method: method.name })}</p>}
      {method?.explanation && <p className="text-sm text-slate-600">{method.explanation}</p>}
      {challenge.additionalInformation && <p data-challenge="text">{challenge.additionalInformation}</p>}
      {challenge.image ? (
        <figure>
          {/* biome-ignore lint/performance/noImgElement: a data URL of the bank's image, not an asset to optimise */}
          <img
            src={`data:image/png;base64,${challenge.image}`}
            alt={t('challengeImage')}
            className="max-w-xs border border-slate-300"
          />
        </figure>
      ) : (
        challenge.imageLink && <p role="alert">{t('challengeImageMissing')}</p>
      )}
      {challenge.data && challenge.data.length > 0 && (
        <p>
          {t('challengeData')} <code className="font-mono text-lg">{challenge.data.join(' ')}</code>
        </p>
      )}
      <TextField
        label={t('otpLabel')}
        name="otp"
        autoComplete="one-time-code"
        required
        maxLength={challenge.otpMaxLength ?? undefined}
        inputMode={digits ? 'numeric' : 'text'}
        pattern={digits ? '[0-9]*' : undefined}
        hint={
          challenge.otpMaxLength
            ? t(
                digits ? 'otpHintDigits' : 'otpHintCharacters',
                withShownNumbers({ max: challenge.otpMaxLength }, locale),
              )
            : undefined
        }
      />
    </>
  );
}
