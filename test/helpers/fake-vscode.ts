/** A stand-in for the `vscode` module, for activating the packaged extension's client outside VS Code. */

/** A stand-in for the `vscode` module: records what the extension registers; anything else is a harmless stub. */
export function fakeVscode(): { module: unknown; registered: string[]; calls: string[]; serializers: string[]; providers: string[]; errors: string[] } {
  const calls: string[] = [];
  const registered: string[] = [];
  const serializers: string[] = [];
  const providers: string[] = [];
  const errors: string[] = [];
  const anything = (path: string): any =>
    new Proxy(function () {}, {
      get(_t, prop) {
        if (prop === 'then') return undefined;
        if (prop === Symbol.iterator) return function* () {};
        if (prop === Symbol.toPrimitive) return () => path;
        if (prop === 'dispose') return () => undefined;
        return anything(`${path}.${String(prop)}`);
      },
      set: () => true,
      apply: () => {
        calls.push(path);
        return anything(`${path}()`);
      },
      construct: () => anything(`new ${path}`),
    });
  const base = anything('vscode');
  const overrides: Record<string, unknown> = {
    version: '1.91.0',
    commands: {
      registerCommand: (id: string) => {
        registered.push(id);
        return { dispose: () => undefined };
      },
      executeCommand: async () => undefined,
    },
  };
  const windowStub = new Proxy(
    {},
    {
      get(_t, prop) {
        if (prop === 'registerWebviewPanelSerializer') return (viewType: string) => (serializers.push(viewType), { dispose: () => undefined });
        if (prop === 'showErrorMessage') return (m: string) => (errors.push(m), Promise.resolve(undefined));
        return base.window[prop];
      },
    },
  );
  const workspaceStub = new Proxy(
    {},
    {
      get(_t, prop) {
        if (prop === 'registerTextDocumentContentProvider') return (scheme: string) => (providers.push(scheme), { dispose: () => undefined });
        if (prop === 'workspaceFolders') return undefined;
        return base.workspace[prop];
      },
    },
  );
  const keys = ['version', 'window', 'workspace', 'commands', 'languages', 'env', 'Uri', 'EventEmitter', 'Disposable', 'Range', 'Position', 'Selection', 'ViewColumn', 'StatusBarAlignment', 'TextEditorRevealType', 'WorkspaceEdit'];
  const module: any = new Proxy(
    {},
    {
      ownKeys: () => keys,
      getOwnPropertyDescriptor: (_t, prop) => ({ configurable: true, enumerable: true, writable: false, value: module[prop] }),
      get(_t, prop) {
        if (prop === 'window') return windowStub;
        if (prop === 'workspace') return workspaceStub;
        if (typeof prop === 'string' && prop in overrides) return overrides[prop];
        return base[prop];
      },
    },
  );
  return { module, registered, calls, serializers, providers, errors };
}
