import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * A page opened by a link or a redirect starts at its top, not at the scroll the last page was
 * left at. Back and forward are left to the browser, which puts the page where it was.
 * A change of the query only (a list's filters) keeps the scroll.
 */
export function useScrollToTop(): void {
  const [location] = useLocation();
  const cameBack = useRef(false);
  useEffect(() => {
    const onPopState = () => {
      cameBack.current = true;
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  useEffect(() => {
    if (cameBack.current) {
      cameBack.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [location]);
}
