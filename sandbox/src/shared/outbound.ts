/**
 * Sent on every call the bank makes to an address a TPP gave it (payment status notifications, webhook
 * deliveries). Such an address may be on loopback (a sandbox extra), where the sandbox's own admin surface
 * answers too; the admin refuses a request that carries this header, so that no TPP makes the bank act there
 * on its behalf (stop another TPP's payment, approve a decoupled authorisation).
 */
export const BANK_CALL_HEADER = 'Sandbox-Bank-Call';
