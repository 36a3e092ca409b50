/**
 * `npm run keys:rotate`: re-wraps every stored object's data key with the newest media key (MEDIA_KEY).
 * `-- --encrypt-plain` also encrypts the objects stored in the clear before media was encrypted (once;
 * later runs find none; once none is left, an object without the encryption header is refused as
 * damaged from the next start on). `-- --rekey` re-encrypts each object still under an older key under
 * a new data key, for a suspected compromise of stored data keys (start it from a new MEDIA_KEY). Run it after moving the old key into MEDIA_KEYS_OLD and restarting the
 * processes; once it reports no object left under an old key, that key may be dropped. Safe to stop
 * and run again. With the embedded database and the server running, the server does it with its own
 * keys and its progress is printed here (decision 0380).
 */
import { exitWith, operate } from './operate';

const flag = (name: string) => process.argv.includes(`--${name}`);
exitWith(operate('keys:rotate', { 'encrypt-plain': flag('encrypt-plain'), rekey: flag('rekey') }));
