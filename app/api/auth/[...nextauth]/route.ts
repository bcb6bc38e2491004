// GET|POST /api/auth/*: next-auth's own endpoints (session, CSRF token, sign-out).
import { handlers } from '@/lib/auth';

export const { GET, POST } = handlers;
