/** What a form's button says, sending and not, and a refusal that came back without words of its own. */
export type SendTexts = Record<'submit' | 'busy' | 'invalidInput', string>;

/** What the events page's forms say, drawn by the page, so that its scripts carry no translations. */
export interface EventsFormTexts {
  create: SendTexts;
  register: SendTexts;
  update: SendTexts & { noneChosen: string };
  /** Beside a new subscription's signing secret, shown once. */
  secret: Record<'created' | 'secretTitle' | 'secretNote', string>;
}

/** The forms' texts from a translator of the `events` messages (`getTranslations('events')`, on the page). */
export function eventsFormTextsOf(t: (key: string) => string): EventsFormTexts {
  const send = (form: string): SendTexts => ({
    submit: t(`${form}.submit`),
    busy: t(`${form}.busy`),
    invalidInput: t('failure.invalidInput'),
  });
  return {
    create: send('create'),
    register: send('register'),
    update: { ...send('update'), noneChosen: t('update.noneChosen') },
    secret: {
      created: t('create.created'),
      secretTitle: t('create.secretTitle'),
      secretNote: t('create.secretNote'),
    },
  };
}
