export {
  FIRST_QUESTIONS,
  measureFirstAnswers,
  type FirstAnswerFigures,
} from './first-answer-bench';
export { launchChromium } from './launch-chromium';
