import { z } from 'zod';
import { defineRoute } from './route';

/** Spec 000 §3 plan: what a plan card shows. */
export const planSummary = z.object({
  id: z.number(),
  title: z.string(),
  price: z.union([z.number(), z.string()]),
  duration: z.string(),
  description: z.string().nullable().optional(),
});
export type PlanSummary = z.infer<typeof planSummary>;

/** Spec 000 §3 plan category: id, title, description, plans[]. */
export const planCategory = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable().optional(),
  plans: z.array(planSummary).optional(),
});
export type PlanCategory = z.infer<typeof planCategory>;

/**
 * The calls of the plans module (decision 0127). Declared ahead of the module (issue 11): the web's
 * plan pages already call them, and until the server registers them they answer 404, which the pages
 * show as an error, never as an empty list.
 */
export const planRoutes = {
  /** Spec 000 §7: the plan categories a user can choose from. */
  userHomePlans: defineRoute({
    method: 'GET',
    path: '/web/user/home/plans',
    tag: 'Plans',
    summary: 'Plan categories with their active plans, for a user',
    access: ['user'],
    response: z.object({ data: z.array(planCategory) }),
  }),
  /** Spec 000 §7: the funeral-home plans on offer. */
  funeralHomePlans: defineRoute({
    method: 'GET',
    path: '/web/funeral-home/plan',
    tag: 'Plans',
    summary: 'Active funeral-home plans',
    access: ['funeral-home'],
    response: z.object({ data: z.array(planSummary) }),
  }),
};
