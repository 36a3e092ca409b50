import S3rver from 's3rver';

/**
 * A local S3 (S3rver) on a free port with the bucket `media`, keeping its objects under `directory`, and
 * the endpoint and keys the platform's S3 client takes to reach it. The caller closes `server`.
 */
export async function startLocalS3(directory: string) {
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'media', configs: [] }],
  });
  const { port } = await server.run();
  const settings = { endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return { server, settings };
}
