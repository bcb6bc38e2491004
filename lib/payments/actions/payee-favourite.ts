'use server';

import { z } from 'zod';
import { failure, success } from '@/lib/actions/result';
import { showingChangeOn } from '@/lib/actions/showing-change';
import { getDb } from '@/lib/db';
import { setPayeeFavourite } from '@/lib/db/queries/payees';
import { savedAction } from './saved-action';

const changed = showingChangeOn('/[locale]/payees');

const favouriteSchema = z.object({ payeeId: z.uuid(), favourite: z.enum(['true', 'false']) });

/** Marks one of the signed-in PSU's payees a favourite (listed first), or takes the mark off. */
export const setPayeeFavouriteAction = savedAction
  .schema(favouriteSchema, { invalidMessage: 'saved.errors.notFound' })
  .wordedFormAction(async ({ input, ctx: { psuId } }) => {
    const favourite = input.favourite === 'true';
    return (await setPayeeFavourite(await getDb(), psuId, input.payeeId, favourite))
      ? changed(success(null, favourite ? 'payeeSearch.markedFavourite' : 'payeeSearch.unmarkedFavourite'))
      : failure('saved.errors.notFound');
  });
