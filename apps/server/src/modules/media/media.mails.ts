import { z } from 'zod';
import { render, whenText, type RenderedMail } from '../../platform/mail/templates';
import { defineMail } from '../../platform/mail/define';

/**
 * To each administrator, once per object the integrity checks found missing or altered (decision 0340):
 * which object, what was found, whose it is when a module knows, and what to do about it.
 */
export function mediaDamagedMail(input: {
  firstName: string | null;
  key: string;
  damage: 'missing' | 'altered';
  /** E.g. `the video "Our summer" of Ann Lee (ann@example.com)`; null when no module claims the key. */
  belongsTo: string | null;
  foundAt: Date;
}): RenderedMail {
  const what =
    input.damage === 'missing'
      ? 'is missing from the storage'
      : 'no longer holds the bytes that were written';
  return render({
    subject: 'A stored file was found damaged',
    name: input.firstName,
    blocks: [
      { paragraph: `The storage check of ${whenText(input.foundAt)} found that a stored file ${what}:` },
      { code: input.key },
      { paragraph: input.belongsTo ? `It is ${input.belongsTo}.` : 'No video or profile names it.' },
      {
        paragraph:
          'Restore this object from the latest backup that holds it (docs/operations.md, "Stored objects are checked"), then run npm run media:verify: the file plays again once it checks out. Its owner has been told.',
      },
    ],
  });
}

/** Sent at once to each administrator by the integrity sweep. */
export const mediaDamagedMailKind = defineMail({
  kind: 'media-damaged',
  params: z.object({
    firstName: z.string().nullable(),
    key: z.string(),
    damage: z.enum(['missing', 'altered']),
    belongsTo: z.string().nullable(),
    foundAt: z.date(),
  }),
  compose: (params) => mediaDamagedMail(params),
});

/** Every mail of the module, registered by its AppModule (`bindMails`). */
export const mediaMails = [mediaDamagedMailKind];
