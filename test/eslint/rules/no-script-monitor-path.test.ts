import rule from "../../../src/eslint/rules/no-script-monitor-path.js";
import { rangeOf } from "../../support/locate.js";
import { dataFor, ruleTester } from "../../support/rule-tester.js";

const segment = (code: string, occurrence = 1) => ({
  messageId: "deprecated" as const,
  data: dataFor(20, "The `script_monitor` path segment", "use `page_shield`"),
  ...rangeOf(code, "script_monitor", occurrence),
});

const template = "const scripts = await fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/script_monitor/scripts`);";
const relative = "client.get(`/zones/${zoneId}/script_monitor`);";
const twice = "const a = '/zones/x/script_monitor'; const b = `zones/${id}/script_monitor/scripts/${s}`;";

ruleTester().run("no-script-monitor-path", rule, {
  valid: [
    "fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/page_shield/scripts`);",
    // a message that mentions the word is not a route
    "logger.warn('script_monitor is deprecated, moving to page_shield');",
    "const feature = 'script_monitor';",
    "console.log(`script_monitor: ${count} scripts`);",
    // another service's host
    "fetch(`https://monitoring.example.com/script_monitor/status`);",
    // a similar but different segment
    "fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/script_monitoring`);",
  ],
  invalid: [
    {
      code: template,
      output: template.replace("script_monitor", "page_shield"),
      errors: [segment(template)],
    },
    {
      code: relative,
      output: relative.replace("script_monitor", "page_shield"),
      errors: [segment(relative)],
    },
    {
      code: twice,
      output: twice.replaceAll("script_monitor", "page_shield"),
      errors: [segment(twice, 1), segment(twice, 2)],
    },
  ],
});
