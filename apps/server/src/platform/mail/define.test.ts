import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bindMails, checkMails, defineMail } from './define';
import { render } from './templates';

const mail = (kind: string) =>
  defineMail({
    kind,
    params: z.object({}),
    compose: () => render({ subject: kind, name: null, blocks: [] }),
  });

describe('defineMail and the kinds the modules register', () => {
  it('refuses a kind that is not <module>[.<what>] in lower case', () => {
    expect(() => mail('Legacy.Check')).toThrow(
      'Mail kind Legacy.Check is not <module>[.<what>] in lower case.',
    );
    expect(() => mail('legacy.check.in')).toThrow('is not <module>[.<what>]');
    expect(mail('legacy.check-in').kind).toBe('legacy.check-in');
  });

  it('refuses a kind two modules register, naming both', () => {
    const twice = [
      { name: 'legacy', mails: bindMails({}, [mail('shared.kind')]) },
      { name: 'delivery', mails: bindMails({}, [mail('shared.kind')]) },
    ];
    expect(() => checkMails(twice)).toThrow(
      'Mail kind shared.kind is registered twice (modules legacy and delivery).',
    );
  });

  it("binds each mail to what its module hands it, and answers every module's kinds", async () => {
    const greeting = defineMail({
      kind: 'test.greeting',
      params: z.object({ name: z.string() }),
      compose: (p, ctx: { sign: string }) =>
        render({ subject: `${ctx.sign} ${p.name}`, name: p.name, blocks: [] }),
    });
    const kinds = checkMails([
      { name: 'a', mails: bindMails({ sign: 'From A to' }, [greeting]) },
      { name: 'b', mails: bindMails({}, [mail('test.other')]) },
      { name: 'c' },
    ]);
    expect([...kinds.keys()]).toEqual(['test.greeting', 'test.other']);
    const written = await kinds
      .get('test.greeting')!
      .compose({ name: 'Ruth' }, { to: 'r@mail.test', accountId: null, ref: null });
    expect(written?.subject).toBe('From A to Ruth');
  });
});
