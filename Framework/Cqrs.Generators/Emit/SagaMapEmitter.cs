using Cqrs.Generators.Model;

namespace Cqrs.Generators.Emit;

/// <summary>Emits a saga's map: for each message it handles, how to read the saga id and whether it starts the saga.</summary>
internal static class SagaMapEmitter
{
    public static string Emit(SagaMapModel map)
    {
        var contracts = string.Join(", ", System.Linq.Enumerable.Select(map.Messages, message => $"global::Cqrs.EventSourcing.ISagaMap<{message.MessageTypeName}>"));
        var code = CodeWriter.GeneratedFile()
            .Open("namespace Cqrs.Generated")
            .Line($"/// <summary>How the messages of <see cref=\"{map.SagaTypeName.Replace("global::", string.Empty)}\"/> give its id, from their [SagaId] members.</summary>")
            .Open($"internal sealed class {map.MapName} : {contracts}");
        foreach (var message in map.Messages)
        {
            code.Line($"public static string SagaIdOf({message.MessageTypeName} message) => {message.SagaIdExpression};")
                .Line()
                .Line($"public static bool StartsSaga({message.MessageTypeName} message) => {(message.Starts ? "true" : "false")};")
                .Line();
        }

        return code.Close().Close().ToString();
    }
}
