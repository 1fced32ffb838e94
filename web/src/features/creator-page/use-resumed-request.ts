import type { MissionProduct } from '@fanmission/contracts';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { dropRequestDraft, readRequestDraft } from '../../shared/missions/request-draft';
import { useSession } from '../../shared/session/session';
import { restoreRequestForm, type RequestForm } from './request-form';
import { requestGate } from './request-rules';

/**
 * A request left to charge coins from this page (its draft in `shared/missions/request-draft.ts`): once the page's
 * products are known, `resume` gets its product and the form as it was typed, once; the draft is used up. A draft of
 * another page, or of a product no longer offered, is left alone.
 */
export function useResumedRequest(
  products: readonly MissionProduct[] | undefined,
  resume: (product: MissionProduct & { type: 'BASIC' | 'CUSTOM' }, form: RequestForm) => void,
) {
  const session = useSession();
  const { pathname } = useLocation();
  const looked = useRef(false);
  useEffect(() => {
    if (looked.current || !products) return;
    looked.current = true;
    const kept = readRequestDraft();
    const product = products.find((candidate) => candidate.id === kept?.productId);
    if (!kept || kept.path !== pathname || (product?.type !== 'BASIC' && product?.type !== 'CUSTOM')) return;
    dropRequestDraft();
    if (requestGate(session) === 'allowed') {
      resume(product as MissionProduct & { type: 'BASIC' | 'CUSTOM' }, restoreRequestForm(kept.fields));
    }
  }, [products, pathname, session, resume]);
}
