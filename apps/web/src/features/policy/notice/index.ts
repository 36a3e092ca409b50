/** The signed-in areas' notice of a new policy version; it loads the part that asks for it lazily. */
export { PolicySlot as PolicyNoticeSlot } from './components/PolicySlot';
