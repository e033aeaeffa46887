import { useEffect, useState } from 'react';
import L from 'leaflet';

export interface PopupPortal {
  popup: L.Popup;
  /** The popup's content element; render React into it with createPortal. */
  element: HTMLDivElement;
}

/**
 * A Leaflet popup whose content is a DOM element for a React portal, so popups can hold inputs
 * and buttons. Call popup.update() after the portal content changed size.
 */
export function usePopupPortal(options?: L.PopupOptions): PopupPortal {
  const [portal] = useState<PopupPortal>(() => {
    const element = document.createElement('div');
    return { element, popup: L.popup(options).setContent(element) };
  });
  useEffect(() => () => void portal.popup.remove(), [portal]);
  return portal;
}
