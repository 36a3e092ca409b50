import {
  AUTOMATIC_CAPTION_MESSAGES,
  CAPTION_BODY_LIMIT,
  CAPTION_TRACK_MESSAGES,
  captionRoutes,
} from '@pw/contracts';
import type { Router } from '../../platform/http/route';
import { emptyJsonIsNoBody } from '../../platform/http/empty-json';
import { accountOf } from '../accounts';
import type { AutomaticCaptionsService } from './captions.automatic';
import type { CaptionsService } from './captions.service';

/** The captions calls, as declared in @pw/contracts (`captionRoutes`): each handler only calls the service. */
export function registerCaptionsRoutes(
  router: Router,
  service: CaptionsService,
  automatic: AutomaticCaptionsService,
) {
  router.route(captionRoutes.list, async ({ params, request }) => ({
    data: await service.list(accountOf(request), params.id),
    automatic: await automatic.stateOf(params.id),
  }));

  router.route(
    captionRoutes.automatic,
    async ({ params, request }) => ({
      message: AUTOMATIC_CAPTION_MESSAGES.started,
      automatic: await automatic.request(accountOf(request), params.id),
    }),
    // A client may send its JSON content type without a body on a call that takes none.
    { fastify: { onRequest: emptyJsonIsNoBody } },
  );

  router.route(
    captionRoutes.accept,
    async ({ params, request }) => ({
      message: AUTOMATIC_CAPTION_MESSAGES.accepted,
      data: await service.accept(accountOf(request), params.id, params.language),
    }),
    { fastify: { onRequest: emptyJsonIsNoBody } },
  );

  router.route(
    captionRoutes.save,
    async ({ params, body, request }) => ({
      message: CAPTION_TRACK_MESSAGES.saved,
      data: await service.save(accountOf(request), params.id, params.language, body),
    }),
    // A body larger than any track may be is refused as it arrives, before it is parsed.
    { fastify: { bodyLimit: CAPTION_BODY_LIMIT } },
  );

  router.route(
    captionRoutes.remove,
    async ({ params, request }) => {
      await service.remove(accountOf(request), params.id, params.language);
      return { message: CAPTION_TRACK_MESSAGES.deleted, data: null };
    },
    // A client may send its JSON content type without a body on a DELETE.
    { fastify: { onRequest: emptyJsonIsNoBody } },
  );

  router.route(captionRoutes.file, async ({ params, request, reply }) => {
    const vtt = await service.file(accountOf(request), params.id, params.file);
    // Sent as bytes: the text is the file itself, not a JSON string.
    return reply
      .type('text/vtt; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(vtt)) as never;
  });
}
