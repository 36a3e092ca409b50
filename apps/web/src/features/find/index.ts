export { AccessCodePage, AccessCodeVideoPage } from './components/AccessCodePage';
export { SearchPage, SearchVideoPage } from './components/SearchPage';
