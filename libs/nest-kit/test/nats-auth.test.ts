import {
  createNatsKeyPair,
  natsKeyVariable,
  publicKeyOfSeed,
  renderNatsAuthorization,
  renderNatsAuthorizationTemplate,
  renderNatsServerConfig,
} from '../src/nats-auth.js';

describe('NATS identities and server config', () => {
  it('makes user key pairs whose seed gives back the public key', () => {
    const pair = createNatsKeyPair();
    expect(pair.seed).toMatch(/^SU[A-Z2-7]{56}$/);
    expect(pair.publicKey).toMatch(/^U[A-Z2-7]{55}$/);
    expect(publicKeyOfSeed(`${pair.seed}\n`)).toBe(pair.publicKey);
    expect(() => publicKeyOfSeed('SUnot-a-seed')).toThrow();
  });

  it('lists each given identity with its key and allow lists, and the admin unrestricted', () => {
    const catalog = createNatsKeyPair().publicKey;
    const admin = createNatsKeyPair().publicKey;
    const text = renderNatsAuthorization({ namespace: 't1', keys: { catalog, admin } });
    expect(text).toContain(`nkey: "${catalog}"`);
    expect(text).toContain(`{ nkey: "${admin}" }`);
    expect(text).toContain('"t1.rpc.catalog.*"');
    expect(text).toContain('allow_responses: true');
    // Identities without a key get no user.
    expect(text).not.toContain('# gateway');
  });

  it('writes the deployment template with key variables only', () => {
    const text = renderNatsAuthorizationTemplate();
    expect(text).toContain('nkey: $NKEY_GATEWAY');
    expect(text).toContain('nkey: $NKEY_ORDERS_READER');
    expect(natsKeyVariable('orders-reader')).toBe('NKEY_ORDERS_READER');
    expect(text).toContain('deny: [');
  });

  it('renders a whole server config for a local server', () => {
    const text = renderNatsServerConfig({
      namespace: '*',
      port: 4333,
      storeDir: '/tmp/x',
      keys: { gateway: createNatsKeyPair().publicKey },
    });
    expect(text).toMatch(/port: 4333\njetstream \{\n {2}store_dir: "\/tmp\/x"/);
    expect(text).toContain('"*.rpc.*.*"');
  });
});
