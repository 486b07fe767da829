using Cqrs.Serialization;

namespace Cqrs;

/// <summary>
/// Work done once per registered command type, with the type as a type argument (see
/// <see cref="CqrsBuilder.VisitCommands"/>): code outside the core binds to each command at its compile-time type,
/// never by reflection or by a type name that a caller gives.
/// </summary>
public interface ICommandTypeVisitor
{
    /// <summary>Called for one registered command type, with its wire name and generated codec.</summary>
    void Visit<TCommand>(string wireName, IMessagePackCodec<TCommand> codec)
        where TCommand : ICommand;
}
