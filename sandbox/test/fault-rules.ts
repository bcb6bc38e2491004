/** Adds a fault rule to the sandbox at `base` (POST /sandbox/faults): its answer's status and body. */
export async function addFault(base: string, rule: Record<string, unknown>) {
  const response = await fetch(`${base}/sandbox/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(rule),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}
