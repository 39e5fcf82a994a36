import { useCallback, useEffect, useRef, useState } from 'react';
import { publishVisitorPosition } from '@afterwards/web-ui';

/**
 * The spec's location states: 'pending' (not asked yet), 'requesting', 'granted', 'denied' (refused,
 * timed out or unavailable) and 'unsupported' (no geolocation in this browser).
 */
export type GeoState =
  | { status: 'pending' }
  | { status: 'requesting' }
  | { status: 'granted'; lat: number; lng: number }
  | { status: 'denied' }
  | { status: 'unsupported' };

/** High accuracy, 10 s time-out, a cached position up to 5 minutes old. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 5 * 60_000 };

/**
 * Asks for the visitor's position when they choose 'Use my location'. If they have already allowed
 * this site to know it, the position is used straight away (no prompt is shown in that case).
 */
export function useGeolocation() {
  const [state, setState] = useState<GeoState>(() =>
    typeof navigator !== 'undefined' && !('geolocation' in navigator) ? { status: 'unsupported' } : { status: 'pending' },
  );
  const live = useRef(true);

  const request = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'unsupported' });
      return;
    }
    setState({ status: 'requesting' });
    navigator.geolocation.getCurrentPosition(
      (pos) => live.current && setState({ status: 'granted', lat: pos.coords.latitude, lng: pos.coords.longitude }),
      () => live.current && setState({ status: 'denied' }),
      GEOLOCATION_OPTIONS,
    );
  }, []);

  const clear = useCallback(() => setState({ status: 'pending' }), []);

  useEffect(() => {
    live.current = true;
    let cancelled = false;
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((permission) => {
        if (!cancelled && permission.state === 'granted') request();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      live.current = false;
    };
  }, [request]);

  useEffect(() => {
    publishVisitorPosition(
      state.status === 'granted'
        ? { status: 'granted', lat: state.lat, lng: state.lng }
        : state.status === 'denied' || state.status === 'unsupported'
          ? { status: 'refused' }
          : { status: 'unknown' },
    );
  }, [state]);

  return { state, request, clear };
}
