export * from './intake.service';
