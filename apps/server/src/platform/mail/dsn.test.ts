import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDeliveryStatusReport } from './dsn';

const fixture = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/dsn-user-unknown.eml'),
  'utf8',
);

describe('parseDeliveryStatusReport', () => {
  it('reads the fixture report (RFC 3464 as Postfix writes it): recipient, action, status, diagnostic, Message-ID', async () => {
    const raw = fixture
      .replaceAll('{{MESSAGE_ID}}', '<delivery.abc@pw.test>')
      .replaceAll('{{RECIPIENT}}', 'Gone@Recipient.test');
    expect(await parseDeliveryStatusReport(Buffer.from(raw))).toEqual({
      originalMessageId: '<delivery.abc@pw.test>',
      recipients: [
        {
          finalRecipient: 'gone@recipient.test',
          originalRecipient: 'gone@recipient.test',
          action: 'failed',
          status: '5.1.1',
          // The continuation line is joined to its field.
          diagnostic: '550 5.1.1 <Gone@Recipient.test>: Recipient address rejected: User unknown',
        },
      ],
      // The fixture has no header the receiving server prepends.
      deliveredTo: null,
    });
  });

  it('reads the envelope recipient the receiving server wrote on top (X-Original-To, else Delivered-To)', async () => {
    const raw = fixture.replaceAll('{{MESSAGE_ID}}', '<d@pw.test>').replaceAll('{{RECIPIENT}}', 'g@r.test');
    const withBoth = `Delivered-To: Bounce+d7.abc@pw.test\nX-Original-To: bounce+d9.def@pw.test\n${raw}`;
    expect((await parseDeliveryStatusReport(Buffer.from(withBoth)))?.deliveredTo).toBe(
      'bounce+d9.def@pw.test',
    );
    const delivered = `Delivered-To: <Bounce+d7.abc@pw.test>\n${raw}`;
    expect((await parseDeliveryStatusReport(Buffer.from(delivered)))?.deliveredTo).toBe(
      'bounce+d7.abc@pw.test',
    );
  });

  it('reads several recipients with CRLF lines and returned headers only (text/rfc822-headers)', async () => {
    const raw = [
      'From: MAILER-DAEMON@mx.test',
      'Subject: Delivery Status Notification',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'Delayed and failed.',
      '--b',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.test',
      '',
      'Final-Recipient: rfc822; <slow@recipient.test>',
      'Action: delayed (will retry)',
      'Status: 4.4.1',
      '',
      'Final-Recipient: rfc822; full@recipient.test',
      'Action: Failed',
      'Status: 5.2.2 (mailbox full)',
      '',
      '--b',
      'Content-Type: text/rfc822-headers',
      '',
      'Message-ID: notification-5.xyz@pw.test',
      'Subject: Your video was delivered',
      '',
      '--b--',
      '',
    ].join('\r\n');
    const report = await parseDeliveryStatusReport(Buffer.from(raw));
    expect(report?.originalMessageId).toBe('<notification-5.xyz@pw.test>');
    expect(report?.recipients).toEqual([
      {
        finalRecipient: 'slow@recipient.test',
        originalRecipient: null,
        action: 'delayed',
        status: '4.4.1',
        diagnostic: null,
      },
      {
        finalRecipient: 'full@recipient.test',
        originalRecipient: null,
        action: 'failed',
        status: '5.2.2',
        diagnostic: null,
      },
    ]);
  });

  it('answers null for a message that is no report (an auto-reply), or for garbage', async () => {
    const reply = 'From: a@recipient.test\r\nSubject: Out of office\r\n\r\nAway until Monday.\r\n';
    expect(await parseDeliveryStatusReport(Buffer.from(reply))).toBeNull();
    expect(await parseDeliveryStatusReport(Buffer.from([0, 1, 2, 255, 254]))).toBeNull();
  });
});
