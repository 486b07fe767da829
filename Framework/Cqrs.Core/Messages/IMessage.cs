namespace Cqrs;

/// <summary>Marker for every message that crosses a transport: commands and events.</summary>
public interface IMessage;

/// <summary>An intention to change state; routed to exactly one <see cref="ICommandHandler{TCommand}"/>.</summary>
public interface ICommand : IMessage;

/// <summary>A fact that happened; fanned out to every <see cref="IEventHandler{TEvent}"/> registered for it.</summary>
public interface IEvent : IMessage;

/// <summary>A read request answered by exactly one <see cref="IQueryHandler{TQuery,TResult}"/>, in-process.</summary>
/// <typeparam name="TResult">What the query returns.</typeparam>
public interface IQuery<TResult>;
