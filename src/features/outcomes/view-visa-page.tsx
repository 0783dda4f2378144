import { OutcomePage } from './outcome-page';

/** /applications/view-visa?applicantIdentifier=...: the applicant's visitor's visa under section 11(1) (the permit). */
export default function ViewVisaPage() {
  return <OutcomePage kind="PERMIT" />;
}
