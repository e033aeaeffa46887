import { useEffect } from 'react';
import { useBranding } from './branding-context';

/** Sets the browser title to `<title> - <product name>`. */
export function useDocumentTitle(title: string): void {
  const { productName } = useBranding();
  useEffect(() => {
    document.title = productName ? `${title} - ${productName}` : title;
  }, [title, productName]);
}
