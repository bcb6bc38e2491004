// GET|POST /api/auth/*: next-auth's own endpoints (session, CSRF token, sign-in, callback, sign-out).
// A path naming no action or provider of ours is answered 404 here, before next-auth, which would
// take it for a fault of its configuration.
import type { NextRequest } from 'next/server';
import { handlers } from '@/lib/auth';
import { isAuthPath } from '@/lib/auth/auth-paths';

type Handler = (request: NextRequest) => Promise<Response>;

function guarded(handler: Handler): Handler {
  return async (request) => {
    if (!isAuthPath(request.nextUrl.pathname)) return new Response(null, { status: 404 });
    return handler(request);
  };
}

export const GET = guarded(handlers.GET);
export const POST = guarded(handlers.POST);
