// GET /api/health: liveness. 200 whenever the process can answer; it touches nothing else, so a
// database outage never gets a healthy instance restarted. Readiness is GET /api/ready.
import { NextResponse } from 'next/server';
import { lifecycle } from '@/lib/server/lifecycle';

export const dynamic = 'force-dynamic';

export function GET() {
  return NextResponse.json(
    { status: 'ok', uptimeSeconds: Math.round((Date.now() - lifecycle.startedAt) / 1000) },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}
