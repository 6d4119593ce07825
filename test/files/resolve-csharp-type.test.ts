import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CSharpTypeResolver } from "../../src/files/resolve-csharp-type.js";
import { csharpTypeImports } from "../../src/core/import-graph.js";
import { CSHARP_TYPE_SOURCE } from "../../src/core/libraries.js";
import { scratchProject } from "../support/scratch.js";

const root = scratchProject("csharp-types", {
  "Edge.Core/Interfaces/IZoneService.cs": "namespace Edge.Core.Interfaces { public interface IZoneService {} }\n",
  "Edge.Core/Services/ZoneService.cs": "namespace Edge.Core.Services { public class ZoneService : IZoneService {} }\n",
  "Edge.Core/Interfaces/ILogService.cs": "namespace Edge.Core.Interfaces { public interface ILogService {} }\n",
  "Edge.Core/Models/Record.cs": "namespace Edge.Core.Models { public class Record {} }\n",
  "Edge.Web/Controllers/ZonesController.cs": "namespace Edge.Web.Controllers { }\n",
  "Edge.Web/Controllers/Helpers.cs": "namespace Edge.Web.Controllers { }\n",
});

describe("the C# type resolver", () => {
  const resolver = new CSharpTypeResolver();
  const specifier = (type: string, usings: string[]) => `${type}@Edge.Web.Controllers@${usings.join(",")}`;
  const shown = (type: string, usings: string[]) => resolver.resolve(join(root, "Edge.Web/Controllers/ZonesController.cs"), specifier(type, usings))?.slice(root.length + 1) ?? null;

  it("finds a type beside the file, or in another project of the solution, in the folder of a namespace in scope", () => {
    expect(shown("Helpers", [])).toBe("Edge.Web/Controllers/Helpers.cs");
    expect(shown("Record", ["Edge.Core.Models"])).toBe("Edge.Core/Models/Record.cs");
    expect(shown("Record", [])).toBeNull();
  });

  it("answers for an interface with its implementation by .NET's convention, in a folder beside the interface's", () => {
    expect(shown("IZoneService", ["Edge.Core.Interfaces"])).toBe("Edge.Core/Services/ZoneService.cs");
    // No `LogService`: the interface itself.
    expect(shown("ILogService", ["Edge.Core.Interfaces"])).toBe("Edge.Core/Interfaces/ILogService.cs");
  });
});

describe("the types a C# file names", () => {
  const text = "using Edge.Core.Interfaces;\nnamespace Edge.Web.Controllers\n{\n  public class ZonesController\n  {\n    private readonly IZoneService _zones;\n    public ZonesController(IZoneService zones, ILogger<ZonesController> logger) { _zones = zones; }\n    public string Get() { return new Formatter().Format(Settings.Default); }\n  }\n}\n";
  const types = (withDeclaredTypes: boolean) => csharpTypeImports(text, withDeclaredTypes).map((specifier) => specifier.slice(CSHARP_TYPE_SOURCE.length).split("@")[0]);

  it("those made and used, and with the declared types those of fields and parameters (services handed in)", () => {
    expect(types(false)).toEqual(["Formatter", "Settings"]);
    expect(types(true)).toEqual(["Formatter", "IZoneService", "Settings"]);
  });
});
