'use server';

import { failure, success } from '@/lib/actions/result';
import { showingChangeOn } from '@/lib/actions/showing-change';
import { getDb } from '@/lib/db';
import {
  removeAccountSchema,
  removeMyAccount,
  renameAccountSchema,
  renameMyAccount,
} from '@/lib/payments/saved/my-accounts';
import { savedAction } from './saved-action';

const changed = showingChangeOn('/[locale]/my-accounts');

/** Names one of the signed-in PSU's accounts; another PSU's account is as absent as none. */
export const renameMyAccountAction = savedAction
  .schema(renameAccountSchema, { invalidMessage: 'saved.errors.invalid', keep: ['name'] })
  .wordedFormAction(async ({ input, ctx: { psuId } }) =>
    (await renameMyAccount(await getDb(), psuId, input.id, input.name))
      ? changed(success(null, 'saved.accounts.renamed'))
      : failure('saved.errors.notFound'),
  );

export const removeMyAccountAction = savedAction
  .schema(removeAccountSchema, { invalidMessage: 'saved.errors.notFound' })
  .wordedFormAction(async ({ input, ctx: { psuId } }) =>
    (await removeMyAccount(await getDb(), psuId, input.id))
      ? changed(success(null, 'saved.accounts.removed'))
      : failure('saved.errors.notFound'),
  );
