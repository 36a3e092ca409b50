/** What the plan form holds and sends: text as typed (the contract body parses the price). */
export interface PlanFormValues {
  title: string;
  duration: string;
  price: string;
  description: string;
}
