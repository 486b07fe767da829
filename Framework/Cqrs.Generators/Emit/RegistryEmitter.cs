using System.Collections.Generic;
using Cqrs.Generators.Model;

namespace Cqrs.Generators.Emit;

/// <summary>
/// Emits the assembly's <c>IMessageRegistry</c>: one builder call per message (with the reader of its ordering key, if
/// it has one), aggregate state, handler and validator.
/// </summary>
internal static class RegistryEmitter
{
    /// <param name="messages">Messages and aggregate states with a valid wire name and an emitted codec, in wire-name order.</param>
    /// <param name="selfAddressed">The commands the app's sagas send only to themselves (their timeouts), in order.</param>
    public static string Emit(
        string registryName,
        IEnumerable<MessageModel> messages,
        IEnumerable<HandlerModel> handlers,
        IEnumerable<ValidatorModel> validators,
        IEnumerable<string> selfAddressed)
    {
        var code = CodeWriter.GeneratedFile()
            .Open("namespace Cqrs.Generated")
            .Line("/// <summary>The messages, aggregate states, handlers and validators of this assembly, found at compile time.</summary>")
            .Open($"public sealed class {registryName} : global::Cqrs.IMessageRegistry")
            .Line("/// <summary>The registry; it holds no state.</summary>")
            .Line($"public static {registryName} Instance {{ get; }} = new();")
            .Line()
            .Line("/// <inheritdoc/>")
            .Open("public void Register(global::Cqrs.MessageRegistryBuilder builder)");
        foreach (var message in messages)
        {
            // A saga's state is stored as an aggregate's snapshot is: a state type with a wire name and a codec.
            var method = message.Kind == MessageKind.SagaState ? nameof(MessageKind.AggregateState)
                : message.IsPublic ? "Public" + nameof(MessageKind.Command)
                : message.Kind.ToString();
            var orderingKey = message.OrderingKey is null ? string.Empty : $", static message => {message.OrderingKey}";
            code.Line($"builder.{method}<{message.TypeName}>(\"{message.WireName}\", global::Cqrs.Generated.{message.CodecName}.Instance{orderingKey});");
        }

        foreach (var handler in handlers)
        {
            var result = handler.ResultTypeName is null ? string.Empty : handler.ResultTypeName + ", ";
            var name = handler.Name is null ? string.Empty : CodeWriter.Literal(handler.Name);
            code.Line($"builder.{handler.Kind}Handler<{handler.MessageTypeName}, {result}{handler.HandlerTypeName}>({name});");
        }

        foreach (var command in selfAddressed)
        {
            code.Line($"builder.SelfAddressedCommand<{command}>();");
        }

        foreach (var validator in validators)
        {
            code.Line($"builder.Validator<{validator.MessageTypeName}, {validator.ValidatorTypeName}>();");
        }

        return code.Close().Close().Close().ToString();
    }
}
