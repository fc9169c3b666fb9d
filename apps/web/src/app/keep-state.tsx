import {
  Activity,
  createContext,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

interface KeepStateApi {
  activate(path: string): void;
  deactivate(path: string): void;
}

const KeepStateContext = createContext<KeepStateApi | null>(null);

interface ProviderProps {
  /** The screen of a keep-state path. */
  readonly renderScreen: (path: string) => ReactNode;
  /** The router outlet; keep-state routes render a `KeepStateSlot` there. */
  readonly children: ReactNode;
}

/**
 * Keep-state screens (product-spec.md section 2) stay mounted once visited: the one on screen is
 * visible, the others sit inside `<Activity mode="hidden">`, which keeps their React state (form
 * inputs, selected tab, last result) and DOM while hiding them and pausing their effects. The
 * window's scroll position is remembered per screen and restored on return. Remounting this
 * provider (the layout keys it by session) forgets every kept screen.
 */
export function KeepStateProvider({ renderScreen, children }: ProviderProps) {
  const [visited, setVisited] = useState<readonly string[]>([]);
  const [active, setActive] = useState<string | null>(null);
  const activeRef = useRef<string | null>(null);
  const scrollByPath = useRef(new Map<string, number>());

  const activate = useCallback((path: string) => {
    setVisited((v) => (v.includes(path) ? v : [...v, path]));
    setActive(path);
  }, []);
  const deactivate = useCallback((path: string) => {
    setActive((current) => (current === path ? null : current));
  }, []);
  const api = useMemo(() => ({ activate, deactivate }), [activate, deactivate]);

  useEffect(() => {
    const onScroll = (): void => {
      if (activeRef.current !== null) scrollByPath.current.set(activeRef.current, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    activeRef.current = active;
    if (active !== null) window.scrollTo(0, scrollByPath.current.get(active) ?? 0);
  }, [active]);

  return (
    <KeepStateContext.Provider value={api}>
      {children}
      {visited.map((path) => (
        <Activity key={path} mode={path === active ? 'visible' : 'hidden'} name={path}>
          <div data-keep-state={path}>
            <Suspense>{renderScreen(path)}</Suspense>
          </div>
        </Activity>
      ))}
    </KeepStateContext.Provider>
  );
}

/** The router's element for a keep-state route: it only tells the provider which screen to show. */
export function KeepStateSlot({ path }: { path: string }) {
  const api = useContext(KeepStateContext);
  if (api === null) throw new Error('KeepStateSlot needs a KeepStateProvider above it.');
  useLayoutEffect(() => {
    api.activate(path);
    return () => api.deactivate(path);
  }, [api, path]);
  return null;
}
