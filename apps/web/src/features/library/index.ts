/** The library's route components (lazy-loaded by app/router.tsx). */
export { VideoTabs } from './components/VideoTabs';
export { DraftVideoPage, FinalVideoPage, ScheduledVideoPage } from './components/VideoDetailPage';
