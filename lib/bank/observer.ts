import { processGlobal } from '@/lib/server/process-global';
import type { BankInterface } from './tls';

/**
 * One exchange with a bank, as `bankFetch` saw it: told to every observer once the answer (or the lack
 * of one) is known. The app layer registers observers (the audit trail, metrics, traces); lib/bank knows
 * nothing of them. No body, header value or query string is passed: only what identifies the call.
 */
export interface BankCall {
  /** The directory id of the bank of the work in progress, when there is one. */
  bankId: string | undefined;
  api: BankInterface;
  method: string;
  /** The URL called; its query string may carry personal data (a payor's kennitala): observers drop it. */
  url: string;
  /** A token request (the form post to the token endpoint) rather than a service call. */
  token: boolean;
  /** Our `X-Request-ID` of this exchange. */
  requestId: string;
  /** 0 for the first attempt of a call, 1 for its first retry, and so on. */
  attempt: number;
  startedAt: Date;
  durationMs: number;
  /** The bank's HTTP status; undefined when no answer came. */
  status: number | undefined;
  /** The tppMessages codes (or problem-details code) of an error answer. */
  codes: string[];
  /** Why no answer came. */
  failure: 'timeout' | 'network' | undefined;
}

export type BankCallObserver = (call: BankCall) => void;

// Once per process: the observers are registered at start-up, and bank calls are made from route
// handlers, actions and jobs bundled apart (lib/server/process-global.ts).
const observers = processGlobal('bank-call-observers', () => new Set<BankCallObserver>());

/** Registers `observer` for every call to every bank from now on; returns its removal. */
export function observeBankCalls(observer: BankCallObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/** Tells every observer of `call`; an observer's fault never reaches the call. */
export function reportBankCall(call: BankCall): void {
  for (const observer of observers) {
    try {
      observer(call);
    } catch {
      // An observer must not fail a payment: it keeps its own faults to itself.
    }
  }
}
