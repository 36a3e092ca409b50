export { ReelPage } from './components/ReelPage';
