// The server's own messages (fixtures/, written by the C++ tests/messages_test.cpp) as the tests
// read them: each through the client's strict reader, a copy a test may change.
import { type ServerMessage, readMessage } from '../src/turn';

export const fixture = <T extends ServerMessage>(v: unknown): T => structuredClone(readMessage(v, true)) as T;

export const fixtures = (messages: readonly unknown[]): ServerMessage[] => messages.map((m) => fixture(m));
