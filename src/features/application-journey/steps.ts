export {
  journeySteps,
  OVERVIEW_PATH,
  resumePath,
  stepHref,
  stepNamed,
  stepPosition,
  type JourneyStep,
} from '@/api/journey';
