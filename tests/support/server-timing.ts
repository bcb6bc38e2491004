/** The entries of a `Server-Timing` header by name: each one's duration and description. */
export function serverTimings(header: string | null): Record<string, { dur: number; desc?: string }> {
  return Object.fromEntries(
    (header ?? '').split(',').map((entry) => {
      const [name, ...params] = entry.trim().split(';');
      const values = Object.fromEntries(params.map((param) => param.split('=')));
      return [name, { dur: Number(values.dur), desc: values.desc?.replace(/"/g, '') }];
    }),
  );
}
