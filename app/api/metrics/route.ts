// GET /api/metrics: the Prometheus metrics of this instance (docs/operations.md). Served to loopback
// clients, and to others only with `Authorization: Bearer <METRICS_TOKEN>`.
import { timingSafeEqual } from 'node:crypto';
import { type NextRequest, NextResponse } from 'next/server';
import { settings } from '@/lib/config';
import { getDb } from '@/lib/db';
import { refreshBacklogGauges } from '@/lib/observability/backlog';
import { metrics } from '@/lib/observability/metrics';
import { clientAddress } from '@/lib/security/client-address';

export const dynamic = 'force-dynamic';

function isLoopback(address: string): boolean {
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

function bearerMatches(header: string | null, token: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function GET(request: NextRequest) {
  const allowed =
    bearerMatches(request.headers.get('authorization'), settings().METRICS_TOKEN) ||
    isLoopback(clientAddress(request.headers));
  // As for any path that is not there: nothing says that metrics are served here.
  if (!allowed) return NextResponse.json({ error: 'not_found' }, { status: 404 });
  const { registry } = metrics();
  await refreshBacklogGauges(await getDb());
  return new NextResponse(await registry.metrics(), {
    headers: { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' },
  });
}
