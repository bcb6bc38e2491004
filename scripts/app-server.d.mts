import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

export function stampClientAddress(request: IncomingMessage, trustedProxyCount: number): void;
export function refuseOversized(
  request: IncomingMessage,
  response: ServerResponse,
  maxBodyBytes: number,
): boolean;
export function refuseMalformedPath(request: IncomingMessage, response: ServerResponse): boolean;
export const STRICT_TRANSPORT_SECURITY: string;
export const KEEP_ALIVE_MS: number;
export function createAppServer(
  handle: RequestListener,
  options?: { trustedProxyCount?: number; maxBodyBytes?: number; https?: boolean; serverTiming?: boolean },
): Server;
export function withServerTiming(handle: RequestListener): RequestListener;
export function pageMatcher(distDir: string): (pathname: string) => boolean;
export function withServerDrawnNotFound(
  handle: RequestListener,
  options: { isPage: (pathname: string) => boolean; origin: () => string },
): RequestListener;
