import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { RunningSandbox } from '../src/server.js';
import { startTestSandbox } from './helpers.js';
import { BusinessClient, emitEvent, Receiver } from './webhooks-support.js';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
for (const name of ['webhooks.yaml', 'claims.yaml']) {
  ajv.addSchema(parse(readFileSync(new URL(`../../contract/${name}`, import.meta.url), 'utf8')), name);
}

function check(document: string, schema: string, value: unknown) {
  const validate = ajv.getSchema(`${document}#/components/schemas/${schema}`);
  if (!validate) throw new Error(`no ${schema} in ${document}`);
  expect(validate(value), `${schema}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

let sandbox: RunningSandbox;
let client: BusinessClient;
let receiver: Receiver;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  client = await BusinessClient.signIn(sandbox.url);
  receiver = await new Receiver().start();
});
afterAll(async () => {
  await receiver.close();
  await sandbox.close();
});

describe('the sandbox answers as contract/webhooks.yaml and contract/claims.yaml describe', () => {
  it('webhooks service', async () => {
    const created = await client.create({ callbackUrl: receiver.url, eventTypes: ['Claim'] });
    check('webhooks.yaml', 'SubscriptionCreated', created.json);
    const id = created.json.subscriptionId;
    check('webhooks.yaml', 'Subscription', (await client.call('GET', `${client.subscriptions}/${id}`)).json);
    check('webhooks.yaml', 'SubscriptionList', (await client.call('GET', client.subscriptions)).json);
    const updated = await client.call('PUT', `${client.subscriptions}/${id}`, { eventTypes: ['claim.paid'] });
    check('webhooks.yaml', 'Subscription', updated.json);
    receiver.answer = 404;
    const rejected = await client.verify(id);
    expect(rejected.status).toBe(502);
    check('webhooks.yaml', 'ErrorBody', rejected.json);
    receiver.answer = 200;
    check('webhooks.yaml', 'Subscription', (await client.verify(id)).json);
    await emitEvent(sandbox.url);
    check('webhooks.yaml', 'DeliveryList', (await client.deliveries(id)).json);
    const unknown = await client.call('PUT', `${client.subscriptions}/${id}`, { eventTypes: ['nope'] });
    expect(unknown.status).toBe(400);
    check('webhooks.yaml', 'ErrorBody', unknown.json);
  });

  it('claims', async () => {
    const list = await client.call('GET', '/business/claims?payorId=0101302989');
    expect(list.json.length).toBeGreaterThan(0);
    for (const claim of list.json) check('claims.yaml', 'Claim', claim);
    const created = await client.call('POST', '/business/claims', {
      claimKey: { claimantId: '5501692829', account: '015966424242', dueDate: '2026-11-30' },
      payorId: '0101302989',
      templateCode: '001',
      amount: 2500,
      finalDueDate: '2026-11-30',
    });
    expect(created.status).toBe(201);
    check('claims.yaml', 'ClaimStatusSingleResponse', created.json);
    const claimId = created.json.success.claimId;
    check('claims.yaml', 'Claim', (await client.call('GET', `/business/claims/${claimId}`)).json);
    const patched = await client.call('PATCH', `/business/claims/${claimId}`, { claimStatus: 'Cancelled' });
    check('claims.yaml', 'ClaimStatusSingleResponse', patched.json);
    const transactions = await client.call('GET', `/business/claims/${claimId}/transactions`);
    expect(transactions.json).toEqual([]);
    const missing = await client.call('GET', '/business/claims/5501692829015966999999+20260101');
    expect(missing.status).toBe(404);
    check('claims.yaml', 'Problem', missing.json);
  });
});
