import { type SubscribableEventType, subscribableEventTypes } from '@/lib/webhooks/subscribable-event-types';

/**
 * The event types a subscription asks for, drawn by the page into the form that sends them as `eventType`: one
 * (radio buttons, a new subscription) or any (check boxes, a change), each named in `words`, those of
 * `checked` chosen to begin with.
 */
export function EventTypeChoice({
  kind,
  legend,
  words,
  checked,
}: {
  kind: 'radio' | 'checkbox';
  legend: string;
  words: Record<SubscribableEventType, string>;
  checked: readonly string[];
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {subscribableEventTypes.map((type) => (
        <label key={type} className="flex items-center gap-2 text-sm">
          <input type={kind} name="eventType" value={type} defaultChecked={checked.includes(type)} />
          {words[type]}
        </label>
      ))}
    </fieldset>
  );
}
