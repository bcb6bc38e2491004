// GET /api/ready: readiness. 200 when this instance can serve: the database answers, every
// migration is applied and the job queue runs; 503 otherwise and from the moment a stop begins.
import { NextResponse } from 'next/server';
import { checkReadiness } from '@/lib/server/readiness';

export const dynamic = 'force-dynamic';

export async function GET() {
  const readiness = await checkReadiness();
  return NextResponse.json(readiness, {
    status: readiness.ready ? 200 : 503,
    headers: { 'Cache-Control': 'no-store' },
  });
}
