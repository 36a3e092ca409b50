/**
 * `npm run keys:rotate`: re-wraps every stored object's data key with the newest media key (MEDIA_KEY).
 * `-- --encrypt-plain` also encrypts the objects stored in the clear before media was encrypted (once;
 * later runs find none). Run it after moving the old key into MEDIA_KEYS_OLD and restarting the
 * processes; once it reports no object left under an old key, that key may be dropped. Safe to stop
 * and run again. With the embedded database and the server running, the server does it with its own
 * keys and its progress is printed here (decision 0380).
 */
import { exitWith, operate } from './operate';

exitWith(operate('keys:rotate', { 'encrypt-plain': process.argv.includes('--encrypt-plain') }));
