import { describe, expect, it } from 'vitest';
import { bankErrorCodes } from '@/lib/bank/errors';
import { transactionStatuses } from '@/lib/payments/status';
import accountEn from '@/messages/account/en.json';
import accountIs from '@/messages/account/is.json';
import banksEn from '@/messages/banks/en.json';
import banksIs from '@/messages/banks/is.json';
import en from '@/messages/en.json';
import eventsEn from '@/messages/events/en.json';
import eventsIs from '@/messages/events/is.json';
import formsEn from '@/messages/forms/en.json';
import formsIs from '@/messages/forms/is.json';
import is from '@/messages/is.json';
import netbankEn from '@/messages/netbank/en.json';
import netbankIs from '@/messages/netbank/is.json';
import noticesEn from '@/messages/notices/en.json';
import noticesIs from '@/messages/notices/is.json';
import operationsEn from '@/messages/operations/en.json';
import operationsIs from '@/messages/operations/is.json';
import savedEn from '@/messages/saved/en.json';
import savedIs from '@/messages/saved/is.json';
import storyEn from '@/messages/story/en.json';
import storyIs from '@/messages/story/is.json';
import validationEn from '@/messages/validation/en.json';
import validationIs from '@/messages/validation/is.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const english = leaves({
  ...en,
  ...accountEn,
  ...validationEn,
  ...formsEn,
  ...eventsEn,
  ...noticesEn,
  ...savedEn,
  ...banksEn,
  ...netbankEn,
  ...operationsEn,
  ...storyEn,
} as Tree);
const icelandic = leaves({
  ...is,
  ...accountIs,
  ...validationIs,
  ...formsIs,
  ...eventsIs,
  ...noticesIs,
  ...savedIs,
  ...banksIs,
  ...netbankIs,
  ...operationsIs,
  ...storyIs,
} as Tree);

describe('app messages', () => {
  it('have the same keys in Icelandic and English', () => {
    expect([...icelandic.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('are never empty', () => {
    for (const [key, text] of [...english, ...icelandic]) expect(text.trim(), key).not.toBe('');
  });

  it('explain every error code of spec part 7 in both languages', () => {
    for (const code of bankErrorCodes) {
      expect(english.get(`bank.code.${code}`), code).toBeTruthy();
      expect(icelandic.get(`bank.code.${code}`), code).toBeTruthy();
    }
  });

  it('name and explain every transaction status of spec part 3 in both languages', () => {
    for (const status of transactionStatuses) {
      for (const part of ['label', 'explain']) {
        expect(english.get(`status.${status}.${part}`), status).toBeTruthy();
        expect(icelandic.get(`status.${status}.${part}`), status).toBeTruthy();
      }
    }
  });

  // A PSU tells one status from another by its name alone (a list's badge, the history).
  it('name each transaction status differently from every other, in each language', () => {
    for (const messages of [english, icelandic]) {
      const names = transactionStatuses.map((status) => messages.get(`status.${status}.label`));
      expect(new Set(names).size, names.join(', ')).toBe(names.length);
    }
  });

  // A name as someone wrote it (a payee's, a template's, a claimant's, a bank's, the electronic ID's) is in the
  // nominative: where a preposition or a verb declines what follows, the text names the declined form
  // ({bankDative}, {nameDative}) or puts a noun that carries the case before the name, in quotation marks
  // ("Eyða sniðmátinu „{name}“"), or turns the sentence (messages/GLOSSARY.md). Quotation marks alone carry no case:
  // "Breyta „Húsaleiga“" declines the name as much as "Breyta Húsaleiga" does.
  it('never put a name as written where Icelandic declines it', () => {
    const governs =
      /(?:^|[\s(„])(með|til|frá|hjá|fyrir|um|af|á|í|við|handa|án|vegna|eftir|úr|Breyta|Eyða|Greiða|Byrja á|Merkja|Taka) „?\{(name|bank|claimant|holiday)\}/i;
    const declinedAsWritten = [...icelandic].filter(([, text]) => governs.test(text)).map(([key]) => key);
    expect(declinedAsWritten).toEqual([]);
  });

  // A count or a position arrives written by lib/format (`withShownNumbers`), as `{countShown}`: the bare argument is
  // written as ICU leaves it, "1500" in an Icelandic text (messages/GLOSSARY.md, Numbers).
  it('write a count or a position formatted, never as the bare number', () => {
    const bare = /\{(count|position)\}/;
    const written = [...icelandic, ...english].filter(([, text]) => bare.test(text)).map(([key]) => key);
    expect(written).toEqual([]);
  });

  // A company's name ends in its own period ("Greiðsla ehf."), a claimant's or a saved payee's: a sentence that ends on
  // it reads "ehf..". The text ends on the name in quotation marks, or turns the sentence.
  it('never end a sentence on a name as someone wrote it', () => {
    const ends = /\{(claimant|name)\}\./;
    const written = [...icelandic, ...english].filter(([, text]) => ends.test(text)).map(([key]) => key);
    expect(written).toEqual([]);
  });

  // An indirect question after "hvort" takes the subjunctive (messages/GLOSSARY.md: "athugar hvort hún hafi borist"):
  // "hvort hann hafi gert það", never "hvort hann gerði það". The indicative forms a message has used are refused up to
  // the clause's end.
  it('put the verb after "hvort" in the subjunctive', () => {
    const indicative = /\bhvort\b[^.,;:]*?\b(gerði|gerðu|var|voru|fór|barst|er|eru|hefur|hafa)\b/i;
    const written = [...icelandic].filter(([, text]) => indicative.test(text)).map(([key]) => key);
    expect(written).toEqual([]);
  });

  // An English text writes its apostrophes as typographic ones ("the bank’s answer", "isn’t"), as its quotation marks
  // (“…”): never the straight one of a keyboard, which ICU also reads as the start of a quoted passage before a brace.
  it('write an English apostrophe as ’, never as a straight one', () => {
    const straight = [...english].filter(([, text]) => text.includes("'")).map(([key]) => key);
    expect(straight).toEqual([]);
  });
});
