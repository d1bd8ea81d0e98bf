/** The configuration for a command-line script; a bad one ends the process with its one-line message. */
import { ConfigError, loadConfig, type Config } from "../lib/config";

export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
