/** An action's answer in words: an alert for a failure, a status for a success. */
export function AnswerNote({ ok, text }: { ok: boolean; text: string }) {
  return ok ? (
    <p role="status" className="rounded border border-green-300 bg-green-50 p-3 text-sm text-green-900">
      {text}
    </p>
  ) : (
    <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {text}
    </p>
  );
}
